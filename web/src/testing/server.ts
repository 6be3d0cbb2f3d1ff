import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/** The mocked API of the tests; any request without a handler fails the test (onUnhandledRequest: 'error'). */
export const server = setupServer(...defaultHandlers);
