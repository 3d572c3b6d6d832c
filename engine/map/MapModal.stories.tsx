import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { MapModal } from './MapModal';

const meta = {
  title: 'Engine/Map/MapModal',
  component: MapModal,
  parameters: {
    docs: {
      description: {
        component:
          "'Show' of a known place: a modal with the place's map, 400 px high, and a popup with its label. The map mounts only while the modal is open.",
      },
    },
  },
  args: {
    place: {
      lat: 22.822903,
      lng: 86.21501,
      title: 'Tata Steel Works Gate 3',
      address: 'Jamshedpur, East Singhbhum, Jharkhand 831001, India',
    },
    onClose: fn(),
  },
} satisfies Meta<typeof MapModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Show' on a known place: its label as the title, its address, and the map 400 px high at zoom 15. */
export const Show: Story = {
  play: async () => {
    await expect(await screen.findByText('Jamshedpur, East Singhbhum, Jharkhand 831001, India')).toBeInTheDocument();
    const map = await screen.findByTestId('map');
    await expect(map.style.height).toBe('400px');
    await expect(await screen.findByTitle('Tata Steel Works Gate 3')).toBeInTheDocument();
  },
};

/** Closed: no place, nothing shown. */
export const Closed: Story = {
  args: { place: null },
  play: async () => {
    await expect(screen.queryByTestId('map')).toBeNull();
  },
};
