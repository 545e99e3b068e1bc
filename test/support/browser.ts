import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium (or CHROMIUM), headless, as the browser suite runs it (scripts/test-browser.sh installs it). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * A new page whose script errors and console errors (those `ignored` does not pass over) are
 * pushed to `problems`: a test's page must have none.
 */
export async function watchedPage(
  browser: Browser,
  problems: string[],
  options: BrowserContextOptions = {},
  ignored: (text: string) => boolean = () => false,
): Promise<Page> {
  const page = await browser.newPage(options);
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignored(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  problems.length = 0;
  return page;
}

/** Pages of another origin than the service's, by path: each a content type and its text. */
export type HostPages = Record<string, [string, string]>;

/** A second local server, on a port of its own, serving `pages` (a 404 for any other path), as a site using the service would. */
export async function servePages(pages: HostPages): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const found = pages[(req.url ?? '/').split('?')[0] ?? '/'];
    if (req.url === '/favicon.ico') res.writeHead(204).end();
    else if (found === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'Content-Type': `${found[0]}; charset=utf-8` }).end(found[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
