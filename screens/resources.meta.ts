import { defineScreens } from '../engine/registry/screenRegistry';
import { hasScreen, type Resource, type ScreenedResource } from '../schemas/resource';
import { ALL_RESOURCES } from '../schemas/resources';
import { MENU_GROUPS } from '../src/shell/menuGroups';
import { type MenuIconName, menuIcons } from '../src/shell/menuIcons';
import { type ConsoleMenuEntry, formScreen, listScreen } from './define';

/** A resource's menu entry, its group and icon checked against the shell's registries (a wrong name stops the console). */
function menuOf(resource: Resource): ConsoleMenuEntry | undefined {
  const { menu } = resource;
  if (!menu) return undefined;
  const group = MENU_GROUPS.find((name) => name === menu.group);
  if (!group) throw new Error(`${resource.name}: menu group ${menu.group} is not one of the shell's`);
  if (menu.icon !== undefined && !isMenuIcon(menu.icon))
    throw new Error(`${resource.name}: menu icon ${menu.icon} is not one of the shell's`);
  return {
    label: menu.label,
    group,
    order: menu.order,
    ...(menu.icon !== undefined && isMenuIcon(menu.icon) && { icon: menu.icon }),
  };
}

/** Whether `name` is an icon of the shell's registry. */
const isMenuIcon = (name: string): name is MenuIconName => Object.hasOwn(menuIcons, name);

/**
 * A declared resource's list and form registrations (schemas/resource.ts): the list at its `screen` path with its menu
 * entry, the form at `screen/add` and `screen/:id/edit`.
 */
export const resourceScreens = (resource: ScreenedResource) => ({
  list: listScreen({ path: resource.screen, title: resource.title, menu: menuOf(resource) }),
  form: formScreen({
    path: `${resource.screen}/add`,
    editPath: `${resource.screen}/:id/edit`,
    title: { create: `Add ${resource.noun}`, edit: `Edit ${resource.noun}` },
  }),
});

/**
 * Every declared resource's list and form but those a screen file registers (`screenFile`), from its declaration.
 * Their configs (`resources.ts`) are derived from the declaration too, and load with their pages.
 */
export default defineScreens<Record<string, { kind: 'list' } | { kind: 'form' }>>(
  Object.fromEntries(
    ALL_RESOURCES.filter(hasScreen)
      .filter((resource) => !resource.screenFile)
      .flatMap((resource) => {
        const { list, form } = resourceScreens(resource);
        return [
          [`${resource.name}List`, list],
          [`${resource.name}Form`, form],
        ];
      }),
  ),
);
