/**
 * Runs for every page as the build renders it: bundled scripts at low fetch priority (src/lib/script-priority.ts).
 * Endpoints (JSON, XML, the manifest) pass through untouched.
 */
import { defineMiddleware } from 'astro:middleware';
import { withLowPriorityScripts } from './lib/script-priority.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(withLowPriorityScripts(await response.text()), response);
});
