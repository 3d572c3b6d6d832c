import { Form, Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { hasRealUrl, isLiveMenuItem, parseUserIds, SIDEBAR_MSG } from '../../schemas/sidebar-menu';
import type { dataCalls } from '../../schemas/api/data';
import { callEndpoint, type Endpoint } from '../../engine/data/endpoint';
import { useEndpoint } from '../../engine/data/useEndpoint';
import { textsAt } from '../../engine/data/pick';
import { feedback } from '../../engine/feedback';
import { useScope } from '../../engine/scope/useScope';
import { IdListInput } from '../../engine/widgets/IdListWidget';
import { MenuTreeInput } from '../../engine/widgets/MenuTreeWidget';
import { collectErrors } from '../../engine/widgets/PlaceField';

/** `ui:options` of the field: the platform's menu, and the reads of a target's stored menu and landing page. */
export interface SideMenuOptions {
  menuList: Endpoint<typeof dataCalls.sidebarMenuList>;
  configByTarget: Endpoint<typeof dataCalls.sidebarConfigById>;
  landingByTarget: Endpoint<typeof dataCalls.landingPage>;
}

interface SideMenuValue {
  roles?: number;
  userId?: string;
  landingPage?: string;
  extracontext?: string[];
}

interface PropertySchema {
  title?: string;
  enum?: number[];
}

/**
 * The sidebar override form (spec 001 sections 2.4 and 4) as one field over its object: a role or user ids
 * (each clears the other; a role locks the ids; exactly one id loads that user's menu and locks the field,
 * several clear the menu), both hidden when a branch is chosen; the landing page from items with a real url;
 * the menu as a tree where a child brings its parent. Deprecated items are left out.
 */
export function SideMenuField({
  formData,
  onChange,
  errorSchema,
  fieldPathId,
  schema,
  uiSchema,
  disabled,
  readonly,
}: FieldProps<SideMenuValue>) {
  const options = uiSchema?.['ui:options'] as unknown as SideMenuOptions;
  const props = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const value = formData ?? {};
  // Answers arrive after the operator may have typed on: they update the latest value, not the one at the call.
  const latest = useRef(value);
  latest.current = value;
  const roleNames = (uiSchema?.roles as { 'ui:enumNames'?: string[] } | undefined)?.['ui:enumNames'] ?? [];
  const [scope] = useScope();
  const [idsLocked, setIdsLocked] = useState(false);
  const off = disabled || readonly;
  const set = (next: SideMenuValue) => onChange(next, fieldPathId.path);

  const menu = useEndpoint(options.menuList, {});
  const items = useMemo(() => (menu.data ?? []).filter(isLiveMenuItem), [menu.data]);
  useEffect(() => {
    if (menu.data && !items.length) feedback.warning(SIDEBAR_MSG.noMenu);
  }, [menu.data, items.length]);
  const treeItems = items.map((item) => ({ value: item.slug, label: item.name, parent: item.parent }));
  const landingChoices = items.filter(hasRealUrl).map((item) => ({ value: item.url, label: item.name }));

  /**
   * The stored menu and landing page of a target replace the form's. One user without a menu gets the spec's
   * warning and an empty menu; a role without an override keeps what is chosen, as the start of a new one.
   */
  const loadTarget = async (query: { roles: number } | { userId: number }) => {
    const input = { scope, query };
    const [config, landing] = await Promise.all([
      callEndpoint(options.configByTarget, input),
      callEndpoint(options.landingByTarget, input),
    ]);
    const extracontext = config.ok ? textsAt(config.data, 'extracontext') : [];
    if ('roles' in query && !extracontext.length) return;
    if (config.ok && !extracontext.length) feedback.warning(SIDEBAR_MSG.noMenu);
    set({ ...latest.current, extracontext, landingPage: (landing.ok && landing.data?.landingPage) || undefined });
  };

  /** Exactly one id: that user's stored menu and landing page replace the form's, and the field locks. */
  const settleIds = async (text: string | undefined) => {
    const ids = parseUserIds(text);
    if (ids.length > 1) {
      set({ ...value, userId: text, roles: undefined, extracontext: [], landingPage: undefined });
      return;
    }
    if (ids.length !== 1) return;
    setIdsLocked(true);
    set({ ...value, userId: text, roles: undefined });
    latest.current = { ...value, userId: text, roles: undefined };
    await loadTarget({ userId: ids[0] });
  };

  const errorsOf = (name: keyof SideMenuValue) =>
    collectErrors((errorSchema as Record<string, unknown> | undefined)?.[name]);
  const item = (name: keyof SideMenuValue, required = false) => {
    const errors = errorsOf(name);
    return {
      label: props[name]?.title,
      required,
      htmlFor: `${fieldPathId.$id}_${name}`,
      validateStatus: errors.length ? ('error' as const) : undefined,
      help: errors.join(' ') || undefined,
    };
  };

  return (
    <>
      {!scope.branchId && (
        <>
          <Form.Item {...item('roles')}>
            <Select
              id={`${fieldPathId.$id}_roles`}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Select role"
              disabled={off}
              value={value.roles}
              options={(props.roles?.enum ?? []).map((role, i) => ({
                value: role,
                label: roleNames[i] ?? String(role),
              }))}
              onChange={(roles?: number) => {
                setIdsLocked(false);
                const next = { ...value, roles, userId: undefined };
                set(next);
                latest.current = next;
                // A role's stored override is what the operator edits, so saving never silently replaces it.
                if (roles != null) void loadTarget({ roles });
              }}
            />
          </Form.Item>
          <Form.Item label={props.userId?.title} htmlFor={`${fieldPathId.$id}_userId`}>
            <IdListInput
              id={`${fieldPathId.$id}_userId`}
              value={value.userId}
              schema={props.userId as object}
              disabled={off || value.roles != null}
              locked={idsLocked}
              errors={errorsOf('userId')}
              onChange={(userId) => {
                if (userId === undefined) setIdsLocked(false);
                set({ ...value, userId, roles: undefined });
              }}
              onBlur={(text) => void settleIds(text)}
            />
          </Form.Item>
        </>
      )}
      <Form.Item {...item('landingPage', true)}>
        <Select
          id={`${fieldPathId.$id}_landingPage`}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select landing page"
          disabled={off}
          value={value.landingPage}
          options={landingChoices}
          onChange={(landingPage: string) => set({ ...value, landingPage })}
        />
      </Form.Item>
      <Form.Item {...item('extracontext', true)}>
        <MenuTreeInput
          id={`${fieldPathId.$id}_extracontext`}
          items={treeItems}
          value={value.extracontext}
          disabled={off}
          onChange={(extracontext) => set({ ...value, extracontext })}
        />
      </Form.Item>
    </>
  );
}
