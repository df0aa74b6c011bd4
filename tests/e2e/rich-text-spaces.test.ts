// Issue 35: the rich-text editor (Quill 2.0.3 through react-quill-new) handed the form every space as &nbsp;, so
// a biography edited in the admin was stored with no plain space and broke inside words on a phone. The editor
// now reports plain spaces and keeps the no-break spaces the text holds (a stored `10&nbsp;km`, one typed).
import { expect, it } from "vitest";
import { staffPage } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { row, run } from "../support/db";
import { appPerFile } from "../support/in-process";

// It edits the biography, so it has its own server on a copy of the demo content.
const server = appPerFile();
const browser = browserPerWorker();

const BIO_ID = 4;
const bioText = () =>
  row<{ text: string }>(server, "SELECT json_extract(data, '$.text') AS text FROM ContentItem WHERE kind = 'bio' AND json_extract(data, '$.id') = ?", BIO_ID)
    .text;
/** Two words joined by a no-break space, however written. */
const WORDS_JOINED = /\p{L}(?:&nbsp;|&#160;|\u00a0)\p{L}/u;

it("an edit made in the editor is stored with plain spaces, and the no-break spaces the text holds stay", async () => {
  // A text saved with typography's no-break spaces (before ":", between a number and its unit).
  run(
    server,
    "UPDATE ContentItem SET data = json_set(data, '$.text', ?) WHERE kind = 'bio' AND json_extract(data, '$.id') = ?",
    "<p>Studia a Bologna&nbsp;: 10&nbsp;km da casa.</p>",
    BIO_ID,
  );
  const { page, errors } = await staffPage(browser, server, { javaScriptEnabled: true, viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/admin/content/bio/${BIO_ID}`);
  await page.locator('.admin[data-hydrated="true"]').waitFor();
  const editor = page.locator("#f-text .ql-editor");
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Poi studia composizione con");
  // A no-break space the person types stays one.
  await page.keyboard.insertText("\u00a0");
  await page.keyboard.type("Nadia Rossi.");

  const expected = "<p>Studia a Bologna\u00a0: 10\u00a0km da casa. Poi studia composizione con\u00a0Nadia Rossi.</p>";
  await expect
    .poll(() => page.locator('input[type="hidden"][name="text"]').inputValue(), { message: "the editor reports its text with plain spaces", timeout: 10_000 })
    .toBe(expected);
  await Promise.all([page.waitForURL(`${server.url}/admin/content/bio?avviso=salvato`), page.getByRole("button", { name: "Salva", exact: true }).click()]);
  expect(bioText()).toBe(expected);
  expect(errors).toEqual([]);

  const bio = await (await fetch(`${server.url}/bio`)).text();
  expect(bio).toContain("Poi studia composizione con\u00a0Nadia Rossi.");
});

it("a text stored by the old editor is shown with plain spaces", async () => {
  const old = "<p>Il&nbsp;debutto&nbsp;nel&nbsp;lungometraggio&nbsp;arriva&nbsp;con&nbsp;un&nbsp;film&nbsp;di&nbsp;2&nbsp;ore.</p>";
  run(server, "UPDATE ContentItem SET data = json_set(data, '$.text', ?) WHERE kind = 'bio' AND json_extract(data, '$.id') = ?", old, BIO_ID);
  const bio = await (await fetch(`${server.url}/bio`)).text();
  expect(bio).toContain("<p>Il debutto nel lungometraggio arriva con un film di 2&nbsp;ore.</p>");
  expect(bio.match(/<div class="rich-text">.*?<\/div>/gs)?.join("")).not.toMatch(WORDS_JOINED);
});
