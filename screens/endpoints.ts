import type { Endpoint } from '../engine/data/endpoint';

/** Every call of spec 000 section 7 the screens make, by name. */
export const api = {
  routes: { path: '/saas/lego/company_routes/fetch' },
  saveRoute: { method: 'POST', path: '/saas/lego/company_routes/create_or_update' },
  routeMaster: { path: '/saas/lego/company_routes_master/fetch', query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } },
  createRouteMaster: { method: 'POST', path: '/saas/lego/company_routes_master/create', query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } },
  transportersOfConsignor: { path: '/saas/lego/company_partners/fetch', query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } },
  vehicles: { path: '/saas/lego/company_vehicles/fetch' },
  createVehicle: { method: 'POST', path: '/saas/lego/company_vehicles/create' },
  deleteVehicle: { method: 'DELETE', path: '/saas/lego/company_vehicles/delete' },
  standardVehicles: { path: '/saas/lego/static_data/vehicles/fetch', scoped: false },
  materials: { path: '/saas/lego/company_materials/fetch' },
  createMaterial: { method: 'POST', path: '/saas/lego/company_materials/create' },
  deleteMaterial: { method: 'DELETE', path: '/saas/lego/company_materials/delete' },
  masterMaterials: { path: '/saas/lego/static_data/materials/fetch', scoped: false },
  transporters: { service: 'transporters', path: '/transporters' },
  transporter: { service: 'transporters', path: '/transporters/:id' },
  createTransporter: { service: 'transporters', method: 'POST', path: '/transporters' },
  updateTransporter: { service: 'transporters', method: 'PATCH', path: '/transporters/:id' },
  deleteTransporter: { service: 'transporters', method: 'DELETE', path: '/transporters/:id' },
} satisfies Record<string, Endpoint>;
