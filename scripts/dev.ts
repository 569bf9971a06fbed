/**
 * `npm run dev`: the API on port 5001 (restarting on change) behind Vite's dev server on 5173,
 * which proxies /api and /oidc, so the browser sees one origin: http://localhost:5173.
 */
import { spawn } from "node:child_process";

const env = { ...process.env, PORT: "5001", HOST: "127.0.0.1", PUBLIC_URL: "http://localhost:5173" };
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], { stdio: "inherit", env }),
  spawn("npx", ["vite"], { stdio: "inherit", env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
