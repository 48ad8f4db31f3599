// Package photo reads what sijil keeps of a photo file: its SHA-256, pixel
// size, EXIF orientation, a thumbnail and a perceptual fingerprint (Hash)
// that finds the same picture again after it was resized, recompressed,
// cropped a little, framed, turned grey or brightened.
package photo
