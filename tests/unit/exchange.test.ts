import { describe, expect, test } from "vitest";
import { CLIENT_CLOSED_REQUEST, statusSent } from "../../server/platform/exchange.ts";

const error = (code: string) => Object.assign(new Error(code), { code });

describe("statusSent: the status an access line and the metrics give a request", () => {
  test.each([
    ["an answer sent", true, 404, null, 404],
    ["an answer sent, then the client left", true, 200, error("ECONNRESET"), 200],
    ["the client left before any answer", false, 200, null, CLIENT_CLOSED_REQUEST],
    ["the client reset the connection", false, 200, error("HPE_INVALID_EOF_STATE"), 499],
    [
      "Node's request timeout, which answers 408 itself",
      false,
      200,
      error("ERR_HTTP_REQUEST_TIMEOUT"),
      408,
    ],
  ])("%s", (_, headersSent, statusCode, socketError, expected) => {
    expect(statusSent(headersSent, statusCode, socketError)).toBe(expected);
  });
});
