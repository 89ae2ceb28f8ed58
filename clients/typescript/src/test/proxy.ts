/** A loopback HTTP proxy in front of the live server whose connections a test can cut, as a network would. */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface CuttableProxy {
  url: string;
  /** Paths of the requests received, in order. */
  requests: string[];
  /** Drop every open connection (the streams in flight end without a goodbye). */
  cut(): void;
  close(): Promise<void>;
}

export async function cuttableProxy(target: string): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? "/");
    const upstream = http.request(new URL(request.url ?? "/", target), {
      method: request.method,
      headers: request.headers,
    });
    upstream.on("response", (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", () => response.destroy());
    // a cut client connection also ends the proxied request, so no upstream stream outlives the test
    response.on("close", () => upstream.destroy());
    request.pipe(upstream);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    cut: () => sockets.forEach((socket) => socket.destroy()),
    close: () => new Promise<void>((resolve) => {
      sockets.forEach((socket) => socket.destroy());
      server.close(() => resolve());
    }),
  };
}
