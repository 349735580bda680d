#!/usr/bin/env python3
"""Writes the chapter 7 test fixtures into Fixtures/ next to this script.

Run it again at any time: the output is deterministic, so `git status` stays clean unless the
script changed. Needs Python 3 and Pillow (`pip install Pillow`) for the JPEGs; the PNGs come from
the tiny writer below, which needs only zlib, because Pillow cannot write 16-bit RGBA, tRNS
palettes with a chosen bit depth, or a header that lies about its size.

The pixel patterns (`rgba_pattern`, `gray_pattern`, ...) are mirrored in FixturePatterns.swift:
the tests compute every expected pixel from them, so change both together.
"""

import io
import os
import struct
import zlib

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Fixtures")

# ---------------------------------------------------------------------------------------------
# Pixel patterns (mirrored in Tests/07-ImageInflationTests/FixturePatterns.swift)

ALPHAS = [0, 1, 64, 127, 128, 200, 254, 255]
PATTERN_WIDTH, PATTERN_HEIGHT = 9, 7  # odd sizes, so every Adam7 pass has pixels


def rgba_pattern(x, y):
    return ((40 * x + 3 * y) % 256,
            (25 * y + 7 * x + 10) % 256,
            (60 * x * y + 90) % 256,
            ALPHAS[(x + 2 * y) % 8])


def gray_pattern(x, y):
    return (23 * x + 41 * y) % 256


# A 4-bit palette whose last entries are translucent (tRNS covers only the first 12 entries:
# the PNG rule is that entries past the end of tRNS are opaque).
PALETTE = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255),
           (10, 20, 30), (200, 100, 50), (128, 128, 128), (1, 2, 3), (250, 240, 230), (0, 0, 0),
           (90, 80, 70), (60, 50, 40), (30, 20, 10), (255, 255, 255)]
PALETTE_ALPHAS = [255, 0, 128, 64, 200, 1, 254, 127, 30, 255, 90, 10]


def palette_index(x, y):
    return (x + 3 * y) % 16


# Flat 8x8 blocks survive JPEG at quality 100 with 4:4:4 sampling unchanged (the script checks it),
# so the tests can expect exact values from a lossy format.
RGB_BLOCKS = [[(254, 0, 0), (0, 128, 1), (0, 0, 254)],
              [(255, 255, 255), (0, 0, 0), (200, 150, 101)]]
GRAY_BLOCKS = [[0, 85, 170], [255, 30, 220]]
# Stored CMYK as Adobe writes it: 255 - ink. (255, 255, 255, 255) is white paper.
# The colours are ones whose trip through YCC and back is exact, so the YCCK file holds them too.
CMYK_BLOCKS = [[(255, 255, 255, 255), (20, 250, 240, 255), (250, 30, 240, 255)],
               [(240, 240, 20, 255), (200, 100, 50, 128), (255, 255, 255, 0)]]


def block_image(mode, blocks):
    image = Image.new(mode, (8 * len(blocks[0]), 8 * len(blocks)))
    for row, colours in enumerate(blocks):
        for column, colour in enumerate(colours):
            image.paste(colour, (8 * column, 8 * row, 8 * column + 8, 8 * row + 8))
    return image


# ---------------------------------------------------------------------------------------------
# A minimal PNG writer: filter type 0 on every row, one IDAT.

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]  # (x start, y start, x step, y step)


def chunk(kind, payload):
    body = kind + payload
    return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body))


def pack_samples(samples, bit_depth):
    if bit_depth == 8:
        return bytes(samples)
    if bit_depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    per_byte = 8 // bit_depth
    out = bytearray()
    for start in range(0, len(samples), per_byte):
        byte = 0
        group = samples[start:start + per_byte]
        for i, sample in enumerate(group):
            byte |= sample << (8 - bit_depth * (i + 1))
        out.append(byte)
    return bytes(out)


def scanlines(width, height, pixel, bit_depth, interlaced):
    """pixel(x, y) returns a tuple of samples; returns the filtered, uncompressed image data."""
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    data = bytearray()
    for x0, y0, dx, dy in passes:
        for y in range(y0, height, dy):
            samples = [s for x in range(x0, width, dx) for s in pixel(x, y)]
            if samples:
                data += b"\x00" + pack_samples(samples, bit_depth)
    return bytes(data)


def png(width, height, bit_depth, colour_type, pixel, interlaced=False, before_idat=()):
    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0,
                         1 if interlaced else 0)
    idat = zlib.compress(scanlines(width, height, pixel, bit_depth, interlaced), 9)
    return (PNG_SIGNATURE + chunk(b"IHDR", header) + b"".join(before_idat)
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def exif_orientation(value):
    """A little-endian TIFF block with one IFD entry: Orientation (0x0112), SHORT, 1 value."""
    return (b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1)
            + struct.pack("<HHIHH", 0x0112, 3, 1, value, 0) + struct.pack("<I", 0))


# ---------------------------------------------------------------------------------------------
# JPEG helpers

def jpeg(image, **options):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=100, subsampling=0, **options)
    return buffer.getvalue()


def assert_round_trip(data, expected_mode, expected):
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    if decoded.mode != expected_mode or decoded.tobytes() != expected.tobytes():
        raise SystemExit("a JPEG fixture did not survive compression unchanged: pick other colours")


def segment_offset(data, marker):
    """Offset of the first segment with this marker byte, walking the marker chain."""
    offset = 2
    while offset < len(data):
        if data[offset + 1] == marker:
            return offset
        offset += 2 + struct.unpack(">H", data[offset + 2:offset + 4])[0]
    raise SystemExit("marker not found")


def with_adobe_transform(data, transform):
    """Rewrites the colour transform byte of the Adobe APP14 segment (0 = none, 2 = YCCK)."""
    start = segment_offset(data, 0xEE)
    assert data[start + 4:start + 9] == b"Adobe"
    position = start + 4 + 11  # "Adobe", version (2), flags0 (2), flags1 (2), then the transform
    return data[:position] + bytes([transform]) + data[position + 1:]


def with_frame_size(data, width, height):
    start = segment_offset(data, 0xC0)
    return data[:start + 5] + struct.pack(">HH", height, width) + data[start + 9:]


def ycc(r, g, b):
    """JFIF's RGB -> YCbCr, rounded the way libjpeg rounds."""
    y = 0.299 * r + 0.587 * g + 0.114 * b
    cb = -0.168735892 * r - 0.331264108 * g + 0.5 * b + 128
    cr = 0.5 * r - 0.418687589 * g - 0.081312411 * b + 128
    return tuple(min(255, max(0, int(v + 0.5))) for v in (y, cb, cr))


def ycck_jpeg(blocks):
    """libjpeg turns YCCK back into CMYK with C = 255 - R(YCC), ... and K unchanged. Pillow cannot
    write YCCK, so write the YCC values as if they were CMYK and relabel the Adobe transform."""
    encoded = [[ycc(255 - c, 255 - m, 255 - y) + (k,) for c, m, y, k in row] for row in blocks]
    # Pillow stores CMYK inverted (Adobe style): hand it 255 - value so the file holds the value.
    inverted = [[tuple(255 - v for v in colour) for colour in row] for row in encoded]
    data = with_adobe_transform(jpeg(block_image("CMYK", inverted)), 2)
    decoded = Image.open(io.BytesIO(data))  # Pillow reads YCCK as CMYK, inverted back for us
    wanted = block_image("CMYK", [[tuple(255 - v for v in c) for c in row] for row in blocks])
    if decoded.tobytes() != wanted.tobytes():
        raise SystemExit("the YCCK fixture does not decode to the intended CMYK: pick other colours")
    return data


# ---------------------------------------------------------------------------------------------

def main():
    os.makedirs(OUT, exist_ok=True)
    files = {}
    w, h = PATTERN_WIDTH, PATTERN_HEIGHT

    # PNG, one per colour type and the cases the decoder must normalise
    files["png-rgba8.png"] = png(w, h, 8, 6, rgba_pattern)
    files["png-rgba16.png"] = png(w, h, 16, 6, lambda x, y: [v * 257 for v in rgba_pattern(x, y)])
    files["png-rgba8-interlaced.png"] = png(w, h, 8, 6, rgba_pattern, interlaced=True)
    files["png-rgb8.png"] = png(w, h, 8, 2, lambda x, y: rgba_pattern(x, y)[:3])
    files["png-gray8.png"] = png(w, h, 8, 0, lambda x, y: [gray_pattern(x, y)])
    files["png-gray-alpha8.png"] = png(
        w, h, 8, 4, lambda x, y: [gray_pattern(x, y), rgba_pattern(x, y)[3]])
    files["png-palette4-trns.png"] = png(
        w, h, 4, 3, lambda x, y: [palette_index(x, y)],
        before_idat=[chunk(b"PLTE", b"".join(bytes(c) for c in PALETTE)),
                     chunk(b"tRNS", bytes(PALETTE_ALPHAS))])
    # gAMA 1.0 says "these bytes are linear light": libpng's simplified API re-encodes them to sRGB.
    files["png-rgb8-gamma-linear.png"] = png(
        2, 1, 8, 2, lambda x, y: [(64, 128, 255), (0, 1, 254)][x],
        before_idat=[chunk(b"gAMA", struct.pack(">I", 100000))])
    files["png-rgb8-exif-orientation-6.png"] = png(
        3, 2, 8, 2, lambda x, y: (x * 100, y * 100, 50),
        before_idat=[chunk(b"eXIf", exif_orientation(6))])
    # One pixel row too many for AFNetworking's 1024 x 1024 rule; compresses to about a kilobyte.
    files["png-gray8-1025x1024.png"] = png(1025, 1024, 8, 0, lambda x, y: [(x ^ y) & 0x80])

    rgba8 = files["png-rgba8.png"]
    idat = rgba8.index(b"IDAT")
    files["png-truncated.png"] = rgba8[:idat + 40]
    files["png-missing-iend.png"] = rgba8[:-12]
    corrupt = bytearray(rgba8)
    corrupt[idat + 20] ^= 0x55  # the chunk's CRC no longer matches
    files["png-corrupt-crc.png"] = bytes(corrupt)
    # A decompression bomb: the header claims 10^10 pixels, the data is a handful of bytes.
    files["png-bomb-100000x100000.png"] = (
        PNG_SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64, 9)) + chunk(b"IEND", b""))

    # JPEG
    rgb_blocks = block_image("RGB", RGB_BLOCKS)
    files["jpeg-rgb-baseline.jpg"] = jpeg(rgb_blocks)
    files["jpeg-rgb-progressive.jpg"] = jpeg(rgb_blocks, progressive=True)
    gray_blocks = block_image("L", GRAY_BLOCKS)
    files["jpeg-gray.jpg"] = jpeg(gray_blocks)
    cmyk_blocks = block_image("CMYK", [[tuple(255 - v for v in c) for c in r] for r in CMYK_BLOCKS])
    files["jpeg-cmyk-adobe.jpg"] = jpeg(cmyk_blocks)
    files["jpeg-ycck-adobe.jpg"] = ycck_jpeg(CMYK_BLOCKS)
    exif = Image.Exif()
    exif[0x0112] = 6
    exif_blocks = block_image("RGB", [RGB_BLOCKS[0][:2]])
    files["jpeg-exif-orientation-6.jpg"] = jpeg(exif_blocks, exif=exif.tobytes())
    for name, mode, source in [("jpeg-rgb-baseline.jpg", "RGB", rgb_blocks),
                               ("jpeg-rgb-progressive.jpg", "RGB", rgb_blocks),
                               ("jpeg-gray.jpg", "L", gray_blocks),
                               ("jpeg-cmyk-adobe.jpg", "CMYK", cmyk_blocks),
                               ("jpeg-exif-orientation-6.jpg", "RGB", exif_blocks)]:
        assert_round_trip(files[name], mode, source)

    baseline = files["jpeg-rgb-baseline.jpg"]
    scan = segment_offset(baseline, 0xDA)
    files["jpeg-truncated.jpg"] = baseline[:(scan + len(baseline)) // 2]
    files["jpeg-missing-eoi.jpg"] = baseline[:-2]
    corrupt = bytearray(baseline)
    middle = (scan + len(baseline)) // 2
    corrupt[middle:middle + 4] = b"\xff\xd3\xff\xd5"  # restart markers where none were announced
    files["jpeg-corrupt.jpg"] = bytes(corrupt)
    files["jpeg-bomb-65500x65500.jpg"] = with_frame_size(baseline, 65500, 65500)

    # Neither format: the empty body, and a real image in a format this chapter does not decode.
    files["empty.png"] = b""
    gif = io.BytesIO()
    Image.new("P", (1, 1)).save(gif, "GIF")
    files["not-png-or-jpeg.gif"] = gif.getvalue()

    for stale in os.listdir(OUT):
        if stale not in files:
            os.remove(os.path.join(OUT, stale))
    for name, data in sorted(files.items()):
        with open(os.path.join(OUT, name), "wb") as handle:
            handle.write(data)
    total = sum(len(d) for d in files.values())
    print(f"{len(files)} fixtures, {total} bytes in {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
