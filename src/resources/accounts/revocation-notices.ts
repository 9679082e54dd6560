import type { FastifyBaseLogger } from 'fastify';
import { NoticeListener } from '../../db/notice-listener.js';
import type { Authenticator } from './authenticator.js';

/** The channel the api_keys trigger notifies on (migration 0027), with the revoked key's id. */
const KEY_REVOKED_CHANNEL = 'api_key_revoked';

/**
 * Every revocation, whichever process or command made it, reaches this process's key cache when
 * the revoking transaction commits (server engine: one listening connection per process, nothing
 * per request). While the listener is down the authenticator trusts a key for a second only.
 * The embedded engine has one process, whose own revocations forget at once: it needs none.
 */
export function hearRevocations(
  authenticator: Authenticator,
  databaseUrl: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): NoticeListener {
  return new NoticeListener(databaseUrl, KEY_REVOKED_CHANNEL, {
    notice: (keyId) => authenticator.revoked(keyId),
    listening: () => {
      authenticator.hearsRevocations(true);
      log.info({ channel: KEY_REVOKED_CHANNEL }, 'hearing key revocations');
    },
    lost: (error) => {
      authenticator.hearsRevocations(false);
      log.warn(
        { channel: KEY_REVOKED_CHANNEL, err: error },
        'key revocations not heard until the listener reconnects: known keys are trusted briefly',
      );
    },
  }).start();
}
