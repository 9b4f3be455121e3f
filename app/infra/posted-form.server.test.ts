import { describe, expect, it } from "vitest";
import { readPostedForm, TEXT_FIELD_BYTES } from "./posted-form.server";

const posted = (body: FormData | URLSearchParams | string, contentType?: string) =>
  new Request("http://localhost/admin/newsletter/new", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : undefined,
  });

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("a posted form read part by part", () => {
  it("counts a file over its limit without keeping it, and keeps the fields before and after it", async () => {
    const { form: read, oversized } = await readPostedForm(
      posted(
        form([
          ["subject", "Hills"],
          ["photo", new File([new Uint8Array(2_001)], "IMG_1.JPG", { type: "image/jpeg" })],
          ["photoAlt", "A hill"],
          ["intent", "save"],
        ]),
      ),
      { photo: 2_000 },
    );
    expect(oversized).toEqual({ photo: { name: "IMG_1.JPG", bytes: 2_001 } });
    expect(read.get("photo")).toBeNull();
    expect([...read.keys()]).toEqual(["subject", "photoAlt", "intent"]);
    expect(read.get("photoAlt")).toBe("A hill");
  });

  it("keeps a file within its limit with its name and type, an empty one as empty, and drops files it was not told of", async () => {
    const { form: read, oversized } = await readPostedForm(
      posted(
        form([
          ["photo", new File(["abc"], "Café.png", { type: "image/png" })],
          ["pdf", new File([], "", { type: "application/octet-stream" })],
          ["other", new File(["x"], "x.bin")],
        ]),
      ),
      { photo: 3, pdf: 10 },
    );
    expect(oversized).toEqual({});
    const photo = read.get("photo") as File;
    expect([photo.name, photo.type, await photo.text()]).toEqual(["Café.png", "image/png", "abc"]);
    expect((read.get("pdf") as File).size).toBe(0);
    expect(read.get("other")).toBeNull();
  });

  it("reads a form sent without files, and cuts a text field at its limit", async () => {
    const long = "a".repeat(2 * TEXT_FIELD_BYTES);
    const { form: read } = await readPostedForm(posted(new URLSearchParams({ subject: "Hills", body: long })), {});
    expect(read.get("subject")).toBe("Hills");
    // Far past any editor's limit, which then refuses it as too long.
    expect(read.get("body")).toBe("a".repeat(TEXT_FIELD_BYTES));
  });

  it("answers 400 to a body that is not a form", async () => {
    const answer = await readPostedForm(posted("{}", "application/json"), {}).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(400);
    const broken = await readPostedForm(
      posted("--x\r\nContent-Disposition: form-data; name=", "multipart/form-data; boundary=x"),
      {},
    ).catch((error: unknown) => error);
    expect((broken as Response).status).toBe(400);
  });
});
