import {
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  BellOutlined,
  CarOutlined,
  DiffOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FileSyncOutlined,
  HomeOutlined,
  LayoutOutlined,
  NodeIndexOutlined,
  PushpinOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icon registry: the names screen metadata may use in `menu.icon` (a wrong name fails the type check). */
export const menuIcons = {
  home: <HomeOutlined />,
  route: <NodeIndexOutlined />,
  place: <PushpinOutlined />,
  waypoint: <EnvironmentOutlined />,
  rupee: <DollarOutlined />,
  truck: <CarOutlined />,
  material: <ExperimentOutlined />,
  team: <TeamOutlined />,
  autoClosure: <FieldTimeOutlined />,
  alert: <AlertOutlined />,
  report: <FileTextOutlined />,
  display: <LayoutOutlined />,
  audit: <AuditOutlined />,
  calendar: <CalendarOutlined />,
  compare: <DiffOutlined />,
  changes: <FileSyncOutlined />,
  notification: <BellOutlined />,
  default: <AppstoreOutlined />,
} as const satisfies Record<string, ReactNode>;

/** A menu icon's name. */
export type MenuIconName = keyof typeof menuIcons;
