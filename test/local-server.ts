/** An HTTP server on 127.0.0.1 (a free port) for tests of what docsnav fetches: its base URL and how to stop it. */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Drops open connections and stops listening. */
  close(): Promise<void>;
}

export async function serveLocally(handler: RequestListener, options: { keepAliveTimeout?: number } = {}): Promise<LocalServer> {
  const server = createServer(handler);
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
