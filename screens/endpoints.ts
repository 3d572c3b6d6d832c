import { endpoint } from '../engine/data/endpoint';
import { companyCalls } from '../schemas/api/company';
import { mainCalls, materialCalls, routeMasterCalls, vehicleCalls } from '../schemas/api/main';
import { transporterCalls } from '../schemas/api/transporters';

/** The route master's calls name the consignor and its transporters. */
const consignorsTransporters = { query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } };

/** The calls of spec 000 section 7 the master screens share, from their contracts. */
export const api = {
  routes: endpoint(mainCalls.routes),
  routeOptions: endpoint(mainCalls.routeOptions),
  lookupRoutes: endpoint(mainCalls.lookupRoutes),
  saveRoute: endpoint(mainCalls.saveRoute),
  routeMaster: endpoint(routeMasterCalls.list, consignorsTransporters),
  createRouteMaster: endpoint(routeMasterCalls.create, consignorsTransporters),
  transportersOfConsignor: endpoint(companyCalls.partners, consignorsTransporters),
  vehicles: endpoint(vehicleCalls.list),
  createVehicle: endpoint(vehicleCalls.create),
  deleteVehicle: endpoint(vehicleCalls.remove),
  standardVehicles: endpoint(mainCalls.standardVehicles),
  materials: endpoint(materialCalls.list),
  createMaterial: endpoint(materialCalls.create),
  deleteMaterial: endpoint(materialCalls.remove),
  masterMaterials: endpoint(mainCalls.masterMaterials),
  transporters: endpoint(transporterCalls.list),
  transporter: endpoint(transporterCalls.byId),
  createTransporter: endpoint(transporterCalls.create),
  updateTransporter: endpoint(transporterCalls.update),
  deleteTransporter: endpoint(transporterCalls.remove),
};
