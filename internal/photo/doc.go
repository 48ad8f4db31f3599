// Package photo reads what sijil keeps of a photo file: its SHA-256, pixel
// size, EXIF orientation, a thumbnail and a perceptual fingerprint (Hash)
// that finds the same picture again after it was resized, recompressed,
// cropped a little, framed, turned grey, brightened, stored turned with an
// EXIF orientation, or mirrored.
//
// # The fingerprint
//
// A Hash is the DCT hash of Meta's PDQ, written here from its published
// description rather than taken from a library: the luminance of the picture
// on a 64x64 grid, its 16x16 lowest DCT frequencies (the DC term left out),
// one bit per frequency. It is taken twice, of the whole picture and of its
// centre with Inset cut off each side, and Distance takes the least Hamming
// distance between the whole of one and the whole or the centre of the other.
//
// Why this and not a library. github.com/corona10/goimagehash (served, BSD)
// has a 64-bit pHash (8x8 lowest frequencies of a 64x64 grid against their
// median), and 64 bits leave too little room between copies and distinct
// pictures: measured the same way on the tests' 400 pictures, copies cropped
// 5% a side came up to 20 bits from their originals (median 10), and 424 of
// the 79,800 pairs of distinct pictures came as near, one pair 10 bits
// apart; no threshold separates them. It also trims no borders. The Go
// ports of PDQ are single-author and unmaintained. The algorithm is a page
// of code, so it is written here, where it can also differ from PDQ where
// sijil's needs do:
//
//   - Borders. A frame changes every frequency. Before hashing, flat bands
//     at opposite edges that end in a step (a mat, a letterbox, a frame)
//     are cut off (trim.go); a band at one edge only is kept, since a crop
//     into a flat area makes one.
//   - Crops. A crop of 5% a side enlarges the picture by 11%, which moves
//     the 16 cycles of the highest frequencies out of phase: most of those
//     bits flip, and the whole picture's hash alone is some 85 bits off.
//     The centre hash is what that crop leaves, so the copy's whole matches
//     the original's centre to within a few bits. Crops between 0 and 5%
//     land between the two, crops of 10% and more are not found
//     (TestCropInsets measures what centres at 10% and 15% would add).
//   - Mirrors. Bits are signs of the coefficients (PDQ compares them with
//     their median instead): mirroring a picture flips the sign of its odd
//     horizontal frequencies exactly, so Mirror computes the hash of the
//     mirrored picture from the hash, and Distance tries both.
//   - Orientation is applied before hashing, so a copy stored turned with
//     an EXIF orientation that turns it back has the original's hash.
//   - Greyscale and brightness: only luminance is hashed, and a brightness
//     change scales the AC coefficients without changing their signs (until
//     light areas clip).
//
// The figures behind SameMax are measured by TestSamePicture, on 400 drawn
// pictures and 100 copies of each kind, and logged by it.
//
// # Decoding
//
// A 24-megapixel JPEG decoded by image/jpeg costs about 0.45 s of CPU, all
// of it to make 24 million samples of which a 512-px working copy is kept.
// JPEGs of 2560 px and more on their long edge are decoded from the DC
// terms of their blocks alone (jpegdc.go), an eighth of the size, as
// libjpeg's DCT scaling does: the entropy-coded data must still be read
// (one lookup steps over the AC terms whose codes and extra bits lie whole
// in the next 11 bits, two or three in a camera file), but dequantising,
// the inverse DCT and the samples are skipped, which
// makes Analyze about three times faster than image/jpeg's decoding alone
// on such a photo (BenchmarkAnalyze, BenchmarkDecodeJPEG).
// Other JPEGs (progressive, arithmetic-coded, CMYK) and PNGs are decoded by
// the standard library, TIFFs by golang.org/x/image/tiff, and reduced by a
// box filter.
//
// # Hostile files
//
// Files are read whole up to MaxBytes. The frame size comes from the header
// (image.DecodeConfig) and frames over MaxPixels are refused before a pixel
// is allocated. The EXIF orientation is read by a bounds-checked walk of the
// JPEG segments, the PNG eXIf chunk, and IFD0 only. Errors wrap ErrFormat,
// ErrTooLarge or ErrCorrupt, so that an upload handler can answer 4xx.
// FuzzAnalyze, FuzzDecodeDC and FuzzOrientation feed malformed files to
// each reader.
package photo
