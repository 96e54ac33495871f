/** React Router's CLI as its package names it: `npm start` builds with it. */
export function reactRouterCli(): string;
