import { configure } from '@testing-library/react';

/**
 * The unit suite's Testing Library: `waitFor` and `findBy…` wait for their condition up to 10 s (not the default
 * 1 s), as a busy two-core machine running the other lane may need; a condition met sooner ends the wait sooner.
 */
configure({ asyncUtilTimeout: 10_000 });
