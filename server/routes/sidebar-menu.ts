import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import type { QueryOf } from '../../schemas/api/contract';
import { landingPages } from '../../schemas/resources/landing-pages';
import { sidebarMenus } from '../../schemas/resources/sidebar-menus';
import { SIDEBAR_MSG, parseUserIds } from '../../schemas/sidebar-menu';
import { ApiError } from '../http/envelope';
import { route } from '../http/route';
import { checkKey, dataOk } from '../http/data-envelope';
import { menuItemRepository as menuItems } from '../repos/menu-item-repository';
import { resourceTable } from '../repos/resource-table';
import { sidebarTarget } from '../rules/sidebar-target';
import type { AppContext } from '../context';

/** The query's target: `roles` or the comma-joined `userId`. */
const queryTarget = (query: QueryOf<typeof dataCalls.sidebarConfigById>) =>
  sidebarTarget(query.roles, parseUserIds(query.userId)).target;

const menus = resourceTable(sidebarMenus);
const pages = resourceTable(landingPages);

/**
 * The sidebar menu's calls of spec 001 section 7 that are not its declaration's list and save
 * (schemas/resources/sidebar-menus.ts): the platform's menu, one override by id or by target, and the landing page of
 * a target, read and set.
 */
export async function sidebarMenuRoutes(app: FastifyInstance, { store }: AppContext) {
  // The platform's menu (companyId=1 names the platform itself, not a customer).
  route(app, dataCalls.sidebarMenuList, async ({ query }) => {
    checkKey(query.key);
    return dataOk(await menuItems.menuItems(store, query.active ?? null));
  });

  // A found override answers its ETag (API.md "Lost updates"): by id (within the scope's reach, its `owns`), or the
  // scope's own override of a role or users ('No sidebar menu found' without one).
  route(app, dataCalls.sidebarConfigById, async ({ query, scope }) => {
    checkKey(query.key);
    if (query.id) return dataOk(await menus.read(store, query.id));
    const row = await menus.byKey(store, scope, { target: queryTarget(query) });
    return row ? dataOk(row) : dataOk(null, SIDEBAR_MSG.noMenu);
  });

  route(app, dataCalls.landingPage, async ({ query, scope }) => {
    checkKey(query.key);
    const [page] = await pages.setting(store, scope, { target: queryTarget(query) });
    return dataOk(page ? { landingPage: String(page.landingPage) } : null);
  });

  // An override reads with its target's landing page, so a change of the page is a change of that override too: its
  // version moves on (a form read before cannot save over it; migration 295). Setting the same page again changes
  // nothing.
  route(app, dataCalls.updateLandingPage, async ({ body, scope, desk }) => {
    checkKey(body.key);
    const { target } = sidebarTarget(body.roles, body.userId ?? []);
    if (!(await menuItems.isActiveUrl(store, body.landingPage))) throw new ApiError(400, [SIDEBAR_MSG.landingPage]);
    await pages.put(store, scope, { landingPage: body.landingPage }, desk.email, { key: { target } });
    return dataOk({ landingPage: body.landingPage }, 'Landing page updated successfully');
  });
}
