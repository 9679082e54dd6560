import { Type } from 'typebox';
import { it } from 'vitest';
import { createTestApp } from './helpers/app.js';
it('explore', async () => {
  const ctx = await createTestApp({
    routes: (app) => {
      app.get('/v1/probe/:application_number', {
        config: { cost: '1 unit' },
        schema: { summary: 'Probe', params: Type.Object({ application_number: Type.String({ pattern: '^\\d{8}$' }) }), querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })) }) },
      }, async () => ({ ok: true }));
    },
  });
  const doc = (await ctx.app.inject({ url: '/openapi.json' })).json();
  console.log(JSON.stringify(doc, null, 1).slice(0, 6000));
  console.log(Object.keys(doc.paths), JSON.stringify(doc.paths['/v1/probe/{application_number}'], null, 1));
  console.log((await ctx.app.inject({ url: '/agents.md' })).body);
  console.log((await ctx.app.inject({ url: '/.well-known/skills/default/skill.md' })).body);
  const h = await ctx.app.inject({ url: '/health' }); console.log(h.headers, h.body);
  const n = await ctx.app.inject({ url: '/nope' }); console.log(n.statusCode, n.headers, n.body);
  await ctx.close();
});
