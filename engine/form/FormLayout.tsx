import { Form } from 'antd';
import type { ReactNode } from 'react';

/**
 * The one layout of every form of the console, given to everything inside as antd's form context (no element of its
 * own: rjsf draws the <form>): labels above their inputs, without colons. The theme's fields ask for that
 * themselves; fields with their own `Form.Item`s (filter rows, the side menu) get it from here, so no form lays its
 * labels out beside its inputs.
 */
export function FormLayout({ children }: { children: ReactNode }) {
  return (
    <Form component={false} layout="vertical" colon={false}>
      {children}
    </Form>
  );
}
