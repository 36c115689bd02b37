import type { GetServerSideProps, InferGetServerSidePropsType } from "next";
import { useRouter } from "next/router";

export const getServerSideProps = (async ({ query }) => ({
  props: { n: Number(query.n ?? 1) * 2 },
})) satisfies GetServerSideProps<{ n: number }>;

/** A TypeScript page, typed as Next.js's types type it. */
export default function Typed({ n }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { locale } = useRouter();
  return (
    <main>
      <h1>Typed {n}</h1>
      <p>{locale}</p>
    </main>
  );
}
