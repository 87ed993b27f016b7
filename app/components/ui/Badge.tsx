/** The small pill beside Earn/Refer ($25 or New). */
export function Badge({ children }: { children: string }) {
  return (
    <span className="badge" data-testid="refer-badge">
      {children}
    </span>
  );
}
