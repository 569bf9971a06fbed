/** A free TCP port, for the servers tests and benchmarks start (a fixed one may be taken). */
import net from "node:net";

/** A port on the loopback interface nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
