import { consentTexts, currentConsent, type ConsentKind } from "#content/consent";

/**
 * The consent sentence under a form, word for word from content/consent.ts, with "privacy policy"
 * linked. `field` adds the hidden input that tells the server which version the visitor saw.
 */
export function ConsentNote({
  kind,
  field,
  className = "",
}: {
  kind: ConsentKind;
  field?: string;
  className?: string;
}) {
  const version = currentConsent[kind];
  const [before, after] = splitOnce(consentTexts[version].text, "privacy policy");
  return (
    <>
      {field && <input type="hidden" name={field} value={version} />}
      <p className={`text-xs leading-relaxed ${className}`} data-consent-version={version}>
        {before}
        {after !== undefined && (
          <>
            {/* A plain link: the note is also part of islands, which run without the router. */}
            <a href="/privacy-policy" className="underline underline-offset-2">
              privacy policy
            </a>
            {after}
          </>
        )}
      </p>
    </>
  );
}

function splitOnce(text: string, word: string): [string, string | undefined] {
  const at = text.indexOf(word);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + word.length)];
}
