import type { NextApiRequest, NextApiResponse } from "next";

/** What instrumentation.ts was told of the errors whose message names this tag. */
export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const state = globalThis as unknown as {
    __teamRegistered?: number;
    __teamErrors?: { message: string }[];
  };
  const tag = String(req.query.tag);
  res.status(200).json({
    registered: state.__teamRegistered ?? 0,
    errors: (state.__teamErrors ?? []).filter((seen) => seen.message.endsWith(` ${tag}`)),
  });
}
