import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

const HUL = 'c=1002&b=3201&d=32011&t=CONSIGNOR';

describe.each(BACKENDS)('vehicles and materials on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('lists the standard vehicles and master materials', async () => {
    const vehicles = (await call('GET', '/saas/lego/static_data/vehicles/fetch')).body.data;
    expect(vehicles.length).toBeGreaterThanOrEqual(15);
    expect(vehicles).toContainEqual({
      id: 'sv-closed-32ft-7mt',
      bodyType: 'Closed',
      length: '32 ft',
      weight: { value: 7, unit: 'MT' },
    });
    expect(new Set(vehicles.map((v: { bodyType: string }) => v.bodyType))).toEqual(
      new Set(['Open', 'Closed', 'Container', 'Trailer', 'Tanker']),
    );
    const materials = (await call('GET', '/saas/lego/static_data/materials/fetch')).body.data;
    expect(materials.length).toBeGreaterThanOrEqual(15);
    expect(materials).toContainEqual({ id: 'mm-cement-bags', type: 'Cement Bags' });
  });

  it('adds standard and custom vehicles, once each, and deletes them', async () => {
    const standard = await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, {
      ftVehicleId: 'sv-container-20ft-10mt',
    });
    expect(standard.body.data.vehicleId).toMatch(/^veh_/);
    const custom = await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, { label: '32 ft MXL Reefer' });
    const again = await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, { label: '32 FT MXL REEFER' });
    expect(again).toMatchObject({
      status: 409,
      body: { success: false, data: null, message: ['Vehicle already exists'] },
    });
    const list = (await call('GET', `/saas/lego/company_vehicles/fetch?${HUL}`)).body.data;
    // Oldest first, each with who saved it (the declared answer of a vehicle).
    expect(list.slice(-2)).toMatchObject([
      { id: standard.body.data.vehicleId, label: 'Container 20 ft 10 MT', ftVehicleId: 'sv-container-20ft-10mt' },
      { id: custom.body.data.vehicleId, label: '32 ft MXL Reefer', ftVehicleId: null, updatedBy: expect.any(String) },
    ]);

    const deleted = await call('DELETE', `/saas/lego/company_vehicles/delete?${HUL}&id=${custom.body.data.vehicleId}`);
    expect(deleted.body).toEqual({ success: true, data: null, message: [] });
    expect(
      (await call('GET', `/saas/lego/company_vehicles/fetch?${HUL}`)).body.data.map((v: { id: string }) => v.id),
    ).not.toContain(custom.body.data.vehicleId);
  });

  it('rejects bad vehicle bodies with the form texts', async () => {
    const before = await count(t.store, 'company_vehicles');
    expect(await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, {})).toMatchObject({
      status: 400,
      body: { message: ['Please enter vehicle type'] },
    });
    expect(await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, { label: '' })).toMatchObject({
      status: 400,
      body: { message: ['Please enter custom vehicle '] },
    });
    expect(
      await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, { ftVehicleId: 'sv-does-not-exist' }),
    ).toMatchObject({ status: 404 });
    expect(await count(t.store, 'company_vehicles')).toBe(before);
  });

  it('adds materials and refuses a 65-character name, storing nothing', async () => {
    const master = await call('POST', `/saas/lego/company_materials/create?${HUL}`, { ftMaterialId: 'mm-edible-oil' });
    expect(master.body.data.materialId).toMatch(/^mat_/);
    const custom = await call('POST', `/saas/lego/company_materials/create?${HUL}`, { label: 'x'.repeat(64) });
    expect(custom.status).toBe(200);
    const before = await count(t.store, 'company_materials');
    const long = await call('POST', `/saas/lego/company_materials/create?${HUL}`, { label: 'x'.repeat(65) });
    expect(long).toEqual(
      expect.objectContaining({
        status: 400,
        body: { success: false, data: null, message: ['Maximum 64 character allowed'] },
      }),
    );
    expect(await call('POST', `/saas/lego/company_materials/create?${HUL}`, { label: '   ' })).toMatchObject({
      status: 400,
      body: { message: ['Blank spaces not allowed'] },
    });
    expect(await call('POST', `/saas/lego/company_materials/create?${HUL}`, {})).toMatchObject({
      status: 400,
      body: { message: ['Please select material'] },
    });
    expect(await call('POST', '/saas/lego/company_materials/create', { label: 'Tea' })).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
    expect(await count(t.store, 'company_materials')).toBe(before);
    const list = (await call('GET', `/saas/lego/company_materials/fetch?${HUL}`)).body.data;
    expect(list).toContainEqual(
      expect.objectContaining({ id: master.body.data.materialId, label: 'Edible Oil', ftMaterialId: 'mm-edible-oil' }),
    );
  });

  it("answers 404 for another company's vehicle or material and keeps it", async () => {
    // veh_tsl_open22 and mat_tsl_coils belong to Tata Steel (1001).
    expect(await call('DELETE', `/saas/lego/company_vehicles/delete?${HUL}&id=veh_tsl_open22`)).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect(await call('DELETE', `/saas/lego/company_materials/delete?${HUL}&id=mat_tsl_coils`)).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect(await t.store.one("select 1 as x from company_vehicles where id = 'veh_tsl_open22'")).toEqual({ x: 1 });
    expect(await t.store.one("select 1 as x from company_materials where id = 'mat_tsl_coils'")).toEqual({ x: 1 });
  });

  it('accepts a delete that carries a JSON content type and no body, as the console sends it', async () => {
    const { materialId } = (
      await call('POST', `/saas/lego/company_materials/create?${HUL}`, { label: 'Shampoo Sachets' })
    ).body.data;
    const res = await call('DELETE', `/saas/lego/company_materials/delete?${HUL}&id=${materialId}`, undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    const empty = await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(empty).toMatchObject({ status: 400, body: { message: ['Please enter vehicle type'] } });
    const broken = await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, '{"label":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(broken).toMatchObject({ status: 400, body: { success: false, message: ['Invalid request'] } });
  });

  it('refuses to delete a vehicle or material that freight rates use', async () => {
    const res = await call('DELETE', '/saas/lego/company_vehicles/delete?c=1001&id=veh_tsl_open22');
    expect(res).toMatchObject({
      status: 409,
      body: { success: false, message: ['This vehicle is used by route master entries'] },
    });
    const mat = await call('DELETE', '/saas/lego/company_materials/delete?c=1001&id=mat_tsl_coils');
    expect(mat).toMatchObject({ status: 409, body: { message: ['This material is used by route master entries'] } });
  });

  it('refuses a body of both kinds and a standard the list lacks, changing nothing, and deletes once', async () => {
    const before = await count(t.store, 'company_vehicles');
    expect(
      await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, {
        label: 'Both kinds',
        ftVehicleId: 'sv-open-14ft-4mt',
      }),
    ).toMatchObject({ status: 400, body: { message: ['Send only the fields of a vehicle'] } });
    expect(
      await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, { ftVehicleId: 'sv-no-such-vehicle' }),
    ).toMatchObject({ status: 404 });
    expect(await count(t.store, 'company_vehicles')).toBe(before);

    // A company-wide add sees the branch's entry (the list of the whole company shows it).
    const { vehicleId } = (await call('POST', `/saas/lego/company_vehicles/create?${HUL}`, { label: 'Branch Tipper' }))
      .body.data;
    expect(
      await call('POST', '/saas/lego/company_vehicles/create?c=1002&t=CONSIGNOR', { label: 'branch tipper' }),
    ).toMatchObject({ status: 409, body: { message: ['Vehicle already exists'] } });

    // Deleted once: the second delete finds nothing (a catalogue is read only as a list, so no ETag to name).
    expect((await call('DELETE', `/saas/lego/company_vehicles/delete?${HUL}&id=${vehicleId}`)).status).toBe(200);
    expect((await call('DELETE', `/saas/lego/company_vehicles/delete?${HUL}&id=${vehicleId}`)).status).toBe(404);
  });
});
