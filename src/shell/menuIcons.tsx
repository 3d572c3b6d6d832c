import { AppstoreOutlined, CarOutlined, DollarOutlined, ExperimentOutlined, NodeIndexOutlined, TeamOutlined } from '@ant-design/icons';
import { FieldTimeOutlined } from '@ant-design/icons';
import { AlertOutlined } from '@ant-design/icons';
import { FileTextOutlined } from '@ant-design/icons';
import { LayoutOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons the screen configs name in `menu.icon`. */
export const menuIcons: Record<string, ReactNode> = {
  route: <NodeIndexOutlined />,
  rupee: <DollarOutlined />,
  truck: <CarOutlined />,
  material: <ExperimentOutlined />,
  team: <TeamOutlined />,
  autoClosure: <FieldTimeOutlined />,
  alert: <AlertOutlined />,
  report: <FileTextOutlined />,
  display: <LayoutOutlined />,
  default: <AppstoreOutlined />,
};
