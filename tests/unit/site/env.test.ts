/** A site's .env files, as Next.js loads them (app/site/env.ts). */
import { expect, test } from "vitest";
import { envFilesOf, envFromFiles, publicEnvOf } from "../../../app/site/env.ts";

test.each([
  ["production", [".env.production.local", ".env.local", ".env.production", ".env"]],
  ["development", [".env.development.local", ".env.local", ".env.development", ".env"]],
] as const)("in %s the files are read in Next.js's order, the winning one first", (mode, files) => {
  expect(envFilesOf(mode)).toEqual(files);
});

test.each([
  ["the first file wins", ["A=local", "A=base\nB=base"], {}, { A: "local", B: "base" }],
  ["the process wins over every file", ["A=file"], { A: "process" }, {}],
  ["quotes and comments as dotenv reads them", ['A="x y" # note\n# B=c'], {}, { A: "x y" }],
  ["$NAME and ${NAME} expanded", ["A=$B-${C}", "B=b\nC=c"], {}, { A: "b-c", B: "b", C: "c" }],
  [
    "from the process too",
    ["URL=https://${HOST}/api"],
    { HOST: "example.com" },
    { URL: "https://example.com/api" },
  ],
  ["\\$ is a dollar sign", ["PRICE=\\$5"], {}, { PRICE: "$5" }],
  ["an unknown name is empty", ["A=x${NOPE}y"], {}, { A: "xy" }],
])("%s", (_name, files, processEnv, added) => {
  expect(envFromFiles(files, processEnv)).toEqual(added);
});

test("only NEXT_PUBLIC_* variables are the browser's", () => {
  expect(publicEnvOf({ NEXT_PUBLIC_A: "a", SECRET: "s", NEXT_PUBLIC: "p", B: undefined })).toEqual({
    NEXT_PUBLIC_A: "a",
  });
});
