// The cold-start floor: plain Node (as the product runs: `node dist/server-main.js`), listening and answering, nothing else.
import { createServer } from "node:http";

createServer((_request, response) => response.end("ok")).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
