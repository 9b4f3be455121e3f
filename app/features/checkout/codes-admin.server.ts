import type { PlanTier } from "#content/types";
import type { Db } from "~/infra/db.server";
import { AMSTERDAM } from "~/infra/amsterdam";
import { localDateTimeOf } from "~/infra/zoned-time";
import type { OffersReader } from "./offers.server";
import { codeState, describeCode, type CodeField, type CodeInput } from "./code-rules";
import { createCode, deleteUnusedCode, endCode, listCodes } from "./codes.server";

/** The Prices page's codes (docs/decisions/076-discount-codes.md): what its loader shows and its forms do. */

/** The code form's answer, shown in its own section. */
export type CodeResult = {
  codeAnswer: {
    tone: "success" | "error";
    message: string;
    at: "make" | "list";
    errors?: Partial<Record<CodeField, string>>;
    input?: CodeInput;
  };
};

/** An empty code form, starting now. */
const newCodeInput = (now: Date): CodeInput => ({
  code: "",
  kind: "percent",
  value: "",
  planIds: [],
  starts: localDateTimeOf(now, AMSTERDAM),
  ends: "",
  maxUses: "",
  oncePerPerson: false,
  stacksWithSale: false,
});

/** Her codes as the list shows them, the plans a code can be for, and the empty form. */
export async function codesOnPrices(db: Db, plans: readonly PlanTier[], now: Date) {
  const codes = await listCodes(db);
  return {
    list: codes.map((c) => ({
      id: c.id,
      code: c.code,
      state: codeState(c, now),
      ...describeCode(c, plans, now),
      unused: c.uses === 0,
    })),
    plans: plans.filter((p) => p.monthlyPriceCents).map((p) => ({ id: p.id, name: p.name })),
    values: newCodeInput(now),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Makes, ends or deletes a code from the Prices page's forms; null for an intent or id it does not know. */
export async function codeAction(
  services: OffersReader & { database: { db: Db } },
  intent: string,
  form: FormData,
): Promise<(CodeResult & { status: number }) | null> {
  if (intent === "code-make") {
    const input: CodeInput = {
      code: text(form, "codeText"),
      kind: text(form, "codeKind"),
      value: text(form, "codeValue"),
      planIds: form.getAll("codePlans").filter((v): v is string => typeof v === "string"),
      starts: text(form, "codeStarts"),
      ends: text(form, "codeEnds"),
      maxUses: text(form, "codeMaxUses"),
      oncePerPerson: text(form, "codeOncePerPerson") === "yes",
      stacksWithSale: text(form, "codeStacks") === "yes",
    };
    const made = await createCode(services, input);
    if (!made.ok)
      return {
        status: 400,
        codeAnswer: {
          tone: "error",
          at: "make",
          message: "The code has not been made: fix what is marked above.",
          errors: made.errors,
          input,
        },
      };
    return {
      status: 200,
      codeAnswer: {
        tone: "success",
        at: "make",
        message: `The code ${made.code.code} is made; it is in the list above.`,
      },
    };
  }
  const id = text(form, "id");
  if ((intent !== "code-end" && intent !== "code-delete") || !UUID.test(id)) return null;
  const db = services.database.db;
  if (intent === "code-end") {
    const done = await endCode(db, id);
    const message = done
      ? "The code has ended: it is refused at checkout from now on."
      : "That code had ended already.";
    return { status: done ? 200 : 409, codeAnswer: { tone: done ? "success" : "error", at: "list", message } };
  }
  const done = await deleteUnusedCode(db, id);
  const message = done
    ? "The code is deleted."
    : "That code has been used (or is held by an open checkout), so it stays for the orders that name it. End it instead.";
  return { status: done ? 200 : 409, codeAnswer: { tone: done ? "success" : "error", at: "list", message } };
}
