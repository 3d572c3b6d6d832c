import { AppstoreOutlined, CarOutlined, DollarOutlined, ExperimentOutlined, NodeIndexOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons the screen configs name in `menu.icon`. */
export const menuIcons: Record<string, ReactNode> = {
  route: <NodeIndexOutlined />,
  rupee: <DollarOutlined />,
  truck: <CarOutlined />,
  material: <ExperimentOutlined />,
  team: <TeamOutlined />,
  default: <AppstoreOutlined />,
};
