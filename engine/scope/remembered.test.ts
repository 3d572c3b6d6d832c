import { describe, expect, it } from 'vitest';
import { rememberedKey, rememberedScope, rememberScope, scopeToRemember } from './remembered';

/** A storage of its own per test, as local storage behaves. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

const tata = {
  companyId: '1001',
  companyName: 'Tata Steel Limited',
  companyType: 'CONSIGNOR',
  combinedName: 'Tata Steel Limited (CONSIGNOR)',
  branchId: '3101',
  branchName: 'Kolkata',
};

describe('remembered scope', () => {
  it('keeps the company, branch, department and consignor, not User Id, Group Id or the related party', () => {
    expect(
      scopeToRemember({ ...tata, consignorId: '7', consignorName: 'HUL', uID: '4', gID: '5', relatedCompanyId: '9' }),
    ).toEqual({ ...tata, consignorId: '7', consignorName: 'HUL' });
  });

  it('remembers per user: another user at the same desk gets nothing', () => {
    const storage = memoryStorage();
    rememberScope(storage, 'u1', tata);
    expect(rememberedScope(storage, 'u1')).toEqual(tata);
    expect(rememberedScope(storage, 'u2')).toEqual({});
    expect([...storage.items.keys()]).toEqual([rememberedKey('u1')]);
  });

  it('a scope of no company does not overwrite the company remembered', () => {
    const storage = memoryStorage();
    rememberScope(storage, 'u1', tata);
    rememberScope(storage, 'u1', { branchId: '3102' });
    expect(rememberedScope(storage, 'u1')).toEqual(tata);
  });

  it('what is stored without a company, or with keys of no scope, reads as nothing or without them', () => {
    const storage = memoryStorage();
    storage.setItem(rememberedKey('u1'), 'branchId=3101');
    expect(rememberedScope(storage, 'u1')).toEqual({});
    storage.setItem(rememberedKey('u1'), 'companyId=1001&evil=1&uID=3');
    expect(rememberedScope(storage, 'u1')).toEqual({ companyId: '1001' });
  });
});
