#!/usr/bin/env python3
"""Makes the small images that HTTPBin serves at /image/png and /image/jpeg.

Run it from this folder (`python3 make-fixtures.py`); the output is committed, so nobody needs to
run it again unless a fixture changes. The PNGs are written by hand (struct + zlib) because the
image chapter needs bit depths and sizes that Pillow cannot write (16 bits per channel in colour);
the JPEGs need a real JPEG encoder, so they come from Pillow (`pip install pillow`).

Each fixture exists for a rule of the image chapter: an alpha channel, a grey image, a 16-bit image,
an image above 1024 x 1024 pixels, a CMYK JPEG, a progressive JPEG and a truncated one; and for
the image downloader's bad input, a decompression bomb.
"""
import io
import struct
import zlib

from PIL import Image

OUT = "images"


def png(name, width, height, bit_depth, color_type, pixel):
    """Writes a PNG whose pixel (x, y) is the list of channel values `pixel(x, y)`."""
    channel_bytes = bit_depth // 8
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter type 0 (None) on every row: simple, and zlib does the rest
        for x in range(width):
            for value in pixel(x, y):
                rows += value.to_bytes(channel_bytes, "big")

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    with open(f"{OUT}/{name}.png", "wb") as f:
        f.write(data)


def bomb(name, width, height):
    """Writes a PNG whose header declares width x height RGBA pixels while its data is a few bytes:
    a decoder that believes the header before checking it allocates 4 x width x height bytes."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00" * 64, 9)) + chunk(b"IEND", b"")
    with open(f"{OUT}/{name}.png", "wb") as f:
        f.write(data)


def jpeg(name, image, **options):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", **options)
    data = buffer.getvalue()
    with open(f"{OUT}/{name}.jpeg", "wb") as f:
        f.write(data)
    return data


# PNG colour types: 0 grey, 2 RGB, 6 RGBA.
png("small", 16, 16, 8, 6, lambda x, y: [x * 16, y * 16, 128, 255 - x * 8])  # the default: RGBA, alpha varies
png("opaque", 16, 16, 8, 2, lambda x, y: [x * 16, y * 16, 64])
png("gray", 16, 16, 8, 0, lambda x, y: [(x + y) * 8])
png("sixteen-bit", 8, 8, 16, 2, lambda x, y: [x * 8000, y * 8000, 16384])
png("large", 1025, 1025, 8, 2, lambda x, y: [200, 40, 40])  # 1,050,625 pixels: just over the limit
bomb("bomb", 100000, 100000)  # 10^10 pixels declared, 40 GB as a bitmap, 69 bytes as a file

gradient = Image.new("RGB", (16, 16))
gradient.putdata([(x * 16, y * 16, 96) for y in range(16) for x in range(16)])
small = jpeg("small", gradient, quality=90)
jpeg("gray", gradient.convert("L"), quality=90)
jpeg("cmyk", gradient.convert("CMYK"), quality=90)
jpeg("progressive", gradient, quality=90, progressive=True)
jpeg("large", Image.new("RGB", (1025, 1025), (40, 40, 200)), quality=50)
with open(f"{OUT}/truncated.jpeg", "wb") as f:
    f.write(small[: len(small) * 2 // 3])  # no end-of-image marker, half the scan missing
