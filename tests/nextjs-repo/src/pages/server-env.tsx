import type { GetServerSideProps } from "next";

export const getServerSideProps: GetServerSideProps = async () => ({
  props: {
    hasToken: process.env.SERVER_TOKEN === "token-from-env-file",
    suffix: process.env.GREETING_SUFFIX ?? null,
  },
});

export default function ServerEnv({ hasToken, suffix }: { hasToken: boolean; suffix: string }) {
  return (
    <main>
      <p id="has-token">{String(hasToken)}</p>
      <p id="suffix">{suffix}</p>
    </main>
  );
}
