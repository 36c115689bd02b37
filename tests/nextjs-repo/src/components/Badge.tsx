/** styled-jsx as the team writes it: a scoped style, one that takes a prop, and a global one. */
export function Badge({ tone }: { tone: string }) {
  return (
    <p id="badge" className="badge">
      <span id="badge-label">Team badge</span>
      <style jsx>{`
        span {
          letter-spacing: 2px;
          text-transform: uppercase;
        }
      `}</style>
      <style jsx>{`
        .badge {
          border-left: 4px solid ${tone};
        }
      `}</style>
      <style jsx global>{`
        body {
          margin: 3px;
        }
      `}</style>
    </p>
  );
}
