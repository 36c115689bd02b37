import styles from "@/styles/Greeting.module.css";

export function Greeting({ name }: { name: string }) {
  return (
    <p id="greeting" className={styles.greeting}>
      {process.env.NEXT_PUBLIC_GREETING}, {name}
    </p>
  );
}
