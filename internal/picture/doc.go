// Package picture finds the same picture under other captions: it keys
// photo fingerprints (photo.Hash) for the register's index, links each
// stored photo to the nearest photo stored before it (the fourth link
// level, caption.LevelPicture), and finds the records whose sources carry
// the picture of a given photo. It reads and writes a caption.Store; the
// fingerprints themselves are package photo's.
package picture
