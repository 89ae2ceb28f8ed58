/** Loopback proxies in front of the live server whose connections a test can break, as a network would. */
import http from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";

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

/** A loopback TCP proxy in front of the live gRPC port, for faults below HTTP/2. */
export interface TcpFaultProxy {
  /** `host:port` to connect to. */
  address: string;
  /** Connections accepted so far. */
  connections(): number;
  /** Drop every open connection. */
  cut(): void;
  /** From now on every open connection forwards nothing either way and stays open, as a network that
   * vanished without closing anything; connections opened later are forwarded. */
  silence(): void;
  /** Forward the client's next bytes, then drop the connection as the server's next bytes arrive: the
   * request reaches the server but its answer is lost, as when a network fails mid-call. */
  loseNextAnswer(): void;
  close(): Promise<void>;
}

export async function tcpFaultProxy(target: string): Promise<TcpFaultProxy> {
  const [host, port] = [target.slice(0, target.lastIndexOf(":")), Number(target.slice(target.lastIndexOf(":") + 1))];
  const sockets = new Set<Socket>();
  const silenced = new Set<Socket>();
  let accepted = 0;
  let armed = false;
  const server = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(port, host);
    let requestSent = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("data", (chunk) => {
      if (silenced.has(client)) return;
      if (armed) requestSent = true;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (silenced.has(client)) return;
      if (armed && requestSent) {
        armed = false;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${own}`,
    connections: () => accepted,
    cut: () => sockets.forEach((socket) => socket.destroy()),
    silence: () => sockets.forEach((socket) => silenced.add(socket)),
    loseNextAnswer: () => {
      armed = true;
    },
    close: () => new Promise<void>((resolve) => {
      sockets.forEach((socket) => socket.destroy());
      server.close(() => resolve());
    }),
  };
}
