import { useState } from "react";
import { Button, buttonStyles } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";

/** The codes as a small text file: a heading line, then one code per line. */
export function backupCodesText(codes: readonly string[], account: string): string {
  return [`Backup codes for the back office (${account}). Each works once.`, "", ...codes, ""].join("\n");
}

/**
 * The backup codes at enrolment, with three ways to keep them: download a text file (a plain link,
 * so it works before scripts run), copy to the clipboard, print (the print style sheet prints this
 * block alone). Copy and print need scripts and appear once the page is interactive.
 */
export function BackupCodeList({ codes, account }: { codes: readonly string[]; account: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const text = backupCodesText(codes, account);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div data-print-only-this="" className="mt-2">
      <p className="hidden print:mb-4 print:block">
        Backup codes for the back office ({account}). Each works once; cross it out when used.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2 print:hidden">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="back-office-backup-codes.txt"
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          Download the codes
        </a>
        {hydrated ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              Copy the codes
            </Button>
            <Button variant="secondary" size="sm" onClick={() => window.print()}>
              Print the codes
            </Button>
          </>
        ) : null}
      </div>
      <p role="status" className="mt-2 text-sm print:hidden">
        {copied === "yes" ? "Copied. Paste them into your password manager or a note you keep offline." : null}
        {copied === "failed" ? "This browser did not allow copying. Download or print the codes instead." : null}
      </p>
    </div>
  );
}
