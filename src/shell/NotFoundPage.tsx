import { Button, Empty } from 'antd';
import { useHref, useLocation } from 'react-router';
import { useKeepQuery } from '../../engine/useKeepQuery';

/**
 * A path nothing lives at. 'Go home' is a real link (it opens in a new tab too) that keeps the query string,
 * so the operator lands on `home` with the company still chosen (spec 000 section 2.1).
 */
export function NotFoundPage({ home }: { home: string }) {
  const location = useLocation();
  const { go, link } = useKeepQuery();
  const href = useHref(link(home));
  return (
    <Empty description={`Page not found: nothing lives at ${location.pathname}.`}>
      <Button
        type="primary"
        href={href}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          go(home);
        }}
      >
        Go home
      </Button>
    </Empty>
  );
}
