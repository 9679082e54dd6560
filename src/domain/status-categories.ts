/** The service's status categories (interface-spec §2 `status.category`, §3). */
export const STATUS_CATEGORIES = ['pending', 'allowed', 'granted', 'abandoned', 'expired', 'provisional', 'pct', 'other'] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];
