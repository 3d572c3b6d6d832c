import { Flex, Spin } from 'antd';

/**
 * What shows while a part of a screen loads its code: antd's spinner, which every list already loads with its table
 * (a skeleton would add antd's Skeleton, 3 KB gzip, to the first download of every list page for a few milliseconds).
 */
export function Loading({ size = 'default' }: { size?: 'small' | 'default' }) {
  return (
    <Flex justify="center" style={{ padding: size === 'small' ? 4 : 16 }} aria-busy="true">
      <Spin size={size} />
    </Flex>
  );
}
