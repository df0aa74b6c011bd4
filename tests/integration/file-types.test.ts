import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareFile, UploadError } from "~/server/domain/uploads.server";
import { detectFileType } from "~/server/storage/file-types.server";

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** MPEG-1 Layer III, 128 kbps, 44.1 kHz, no padding: 417 bytes per frame. */
const mp3Frame = () => bytes([0xff, 0xfb, 0x90, 0x00], Buffer.alloc(413, 0x55));
const id3 = (size = 0) => bytes("ID3", [4, 0, 0, 0, 0, 0, size & 0x7f], Buffer.alloc(size, 0));
/** An AAC frame in ADTS (LC, 44.1 kHz, stereo) of `length` bytes. */
const adtsFrame = (length = 100) =>
  bytes([0xff, 0xf1, 0x50, 0x80 | ((length >> 11) & 3), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc], Buffer.alloc(length - 7, 0x21));
const box = (type: string, payload: Buffer = Buffer.alloc(0)) => bytes(u32be(8 + payload.length), type, payload);
const m4a = (brand = "M4A ") =>
  bytes(box("ftyp", bytes(brand, [0, 0, 0, 0], brand, "isom")), box("moov", box("mvhd", Buffer.alloc(100))), box("mdat", Buffer.alloc(64, 1)));
const wav = () =>
  bytes("RIFF", u32le(36 + 8), "WAVE", "fmt ", u32le(16), [1, 0, 2, 0], u32le(44100), u32le(44100 * 4), [4, 0, 16, 0], "data", u32le(8), Buffer.alloc(8, 0));
const oggPage = (flags: number, body: Buffer) => bytes("OggS", [0, flags], Buffer.alloc(8 + 4 + 4 + 4, 0), [1, body.length], body);
const ogg = (codec: string) => bytes(oggPage(0x02, bytes(codec, Buffer.alloc(30 - codec.length, 1))), oggPage(0x00, Buffer.alloc(40, 2)));
const flac = () =>
  bytes(
    "fLaC",
    [0x80, 0, 0, 34],
    [0x10, 0, 0x10, 0, 0, 0, 0x0e, 0, 0x30, 0x0a, 0xc4, 0x42, 0xf0],
    Buffer.alloc(21, 0),
    [0xff, 0xf8, 0x69, 0x08],
    Buffer.alloc(32, 0),
  );
const pdf = (body = "1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n9\n") =>
  bytes(`%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n${body}%%EOF\n`);

describe("file types by content (file-type + a structural check)", () => {
  it.each([
    [
      "jpeg",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#a00" } })
          .jpeg()
          .toBuffer(),
      "image/jpeg",
    ],
    [
      "png",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#a00" } })
          .png()
          .toBuffer(),
      "image/png",
    ],
    [
      "webp",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#a00" } })
          .webp()
          .toBuffer(),
      "image/webp",
    ],
    [
      "gif",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#a00" } })
          .gif()
          .toBuffer(),
      "image/gif",
    ],
    ["mp3 with an ID3 tag", () => bytes(id3(20), mp3Frame()), "audio/mpeg"],
    ["mp3 without a tag (two frames)", () => bytes(mp3Frame(), mp3Frame()), "audio/mpeg"],
    ["aac (ADTS)", () => bytes(adtsFrame(), adtsFrame()), "audio/aac"],
    ["m4a", () => m4a(), "audio/mp4"],
    ["m4a with the generic isom brand", () => m4a("isom"), "audio/mp4"],
    ["wav", () => wav(), "audio/wav"],
    ["ogg vorbis", () => ogg("\x01vorbis"), "audio/ogg"],
    ["ogg opus", () => ogg("OpusHead"), "audio/ogg"],
    ["flac", () => flac(), "audio/flac"],
    ["pdf", () => pdf(), "application/pdf"],
  ])("accepts %s", async (_name, make, mime) => {
    expect((await detectFileType(await make()))?.mime).toBe(mime);
  });

  it.each([
    ["two bytes FF Ex and junk", bytes([0xff, 0xe3], "not audio at all, just text that starts with a sync")],
    ["one MPEG frame header followed by junk", bytes(mp3Frame(), "<html><script>alert(1)</script></html>")],
    ["an MPEG header with a reserved bitrate", bytes([0xff, 0xfb, 0xf0, 0x00], Buffer.alloc(2000, 0))],
    ["an ID3 tag followed by no frame", bytes(id3(4), "<html>hello</html>", Buffer.alloc(500, 0x20))],
    ["an ID3 header alone", bytes("ID3", [4, 0, 0, 0, 0, 0, 0])],
    ["ADTS sync without a second frame", bytes(adtsFrame(), "junk junk junk")],
    ["a PDF header in front of an HTML page", bytes("%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n")],
    ["a PDF with a trailer but an HTML body", bytes("%PDF-1.4\n<!doctype html><html><script>alert(1)</script></html>\n%%EOF\n")],
    ["a PDF header with no %%EOF trailer", bytes("%PDF-1.7\n1 0 obj << >> endobj\n", Buffer.alloc(4096, 0x20))],
    ["RIFF/WAVE without a fmt chunk", bytes("RIFF", u32le(12), "WAVE", "data", u32le(4), [0, 0, 0, 0])],
    ["RIFF/WAVE with 0 channels", bytes("RIFF", u32le(44), "WAVE", "fmt ", u32le(16), [1, 0, 0, 0], u32le(44100), u32le(0), [4, 0, 16, 0], "data", u32le(0))],
    ["OggS with no codec header", bytes(oggPage(0x02, Buffer.from("<html><script>x</script></html>")), oggPage(0, Buffer.alloc(4)))],
    ["fLaC without STREAMINFO", bytes("fLaC", [0x84, 0, 0, 4], "<htm", Buffer.alloc(64, 0))],
    ["fLaC with metadata but no audio frame", bytes(flac().subarray(0, 42), "<html></html>")],
    ["an ftyp box without a movie", bytes(box("ftyp", bytes("M4A ", [0, 0, 0, 0])), box("free", Buffer.from("<html></html>")))],
    ["html", bytes("<!doctype html><script>")],
    ["svg", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["svg with xml prolog", bytes('<?xml version="1.0"?><svg>')],
    ["empty", bytes("")],
    ["exe", bytes("MZ", [0x90, 0], Buffer.alloc(200, 0))],
  ])("refuses %s", async (_name, content) => {
    expect(await detectFileType(content)).toBeNull();
  });

  it("refuses the fakes as uploads with 415, whatever they are uploaded as", async () => {
    for (const purpose of ["track", "attachment"] as const) {
      const refused = await prepareFile(bytes([0xff, 0xe3], Buffer.alloc(600, 0x41)), purpose).catch((e) => e);
      expect(refused).toBeInstanceOf(UploadError);
      expect(refused.status).toBe(415);
    }
    const html = await prepareFile(bytes("%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF"), "attachment").catch((e) => e);
    expect(html).toBeInstanceOf(UploadError);
    expect(html.status).toBe(415);
    expect((await prepareFile(bytes(id3(), mp3Frame(), mp3Frame()), "track")).ext).toBe("mp3");
  });
});
