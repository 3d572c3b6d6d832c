import { defineResource } from '../resource';

/** Whom a sidebar override or a landing page is for: `all`, `role:9`, `users:101,102` (100 ids at the most). */
export const TARGET_FIELD = {
  column: 'target',
  label: 'Role or users',
  sql: 'text',
  required: true,
  schema: { type: 'string', minLength: 1, maxLength: 2100 },
} as const;

/** A sidebar override's target in words: everyone, a role (`role:9`) or some users (`users:101,102`). */
export const TARGET_WORDS = "case when t.target = 'all' then 'All users' else t.target end";

/**
 * The landing page of a role or some users (spec 001 sections 2.4 and 7): the page the platform opens after sign-in,
 * kept per company or branch and target (`all`, `role:9`, `users:101,102`; see server/rules/sidebar-target.ts). Saved by
 * its own calls beside the sidebar menu's (`fetchLandingPage`, `updateLandingPage`, server/routes/sidebar-menu.ts),
 * through this declaration's repository, and read with the override of its target (schemas/resources/sidebar-menus.ts).
 */
export const landingPages = defineResource({
  name: 'landingPages',
  objectType: 'landing_page',
  table: 'sidebar_landing_pages',
  idPrefix: 'lp',
  noun: 'landing page',
  plural: 'landing pages',
  title: 'Landing pages',
  reach: 'branch',
  stamps: 'timestamps',
  api: { calls: [] },
  fields: {
    target: TARGET_FIELD,
    landingPage: {
      column: 'landing_page',
      label: 'Landing page',
      sql: 'text',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 500 },
    },
  },
  naturalKey: ['target'],
  label: ['target'],
  labelSql: TARGET_WORDS,
  compare: true,
  seed: [{ id: 'lp_tsl_admin', company: '1001', values: { target: 'role:9', landingPage: '/trips' } }],
});
