// Package dedup decides which captions are the same record, which are
// altered copies of one caption (a cluster) and which show the same incident
// (an event). Everything here is a pure function of its arguments: the store
// keeps the fingerprints and finds the candidates, dedup computes and
// confirms.
//
// Three levels:
//
//   - Key: a record's identity, the SHA-256 of its text with white space,
//     typographic quotes and dashes folded. "Mourners carry the coffin…" with
//     curly or straight quotes is one record.
//   - Cluster: the description, its credit and date removed, is cut into
//     word 3-gram shingles. Fingerprint makes a MinHash signature of 128
//     values over typo-blind word keys, bands it for LSH (32 bands of 4
//     rows), adds a lead band (the first sentence's first 16 words, which a
//     copy that gained or lost a later sentence keeps) and salts every band
//     with the photo's month, so that boilerplate of other months is never
//     a candidate. The store returns the records sharing a band;
//     ClusterMatcher.Match confirms each exactly, by the Jaccard index of the shingle
//     sets with typing slips aligned (a typo, a changed credit, quote, dash
//     or date style) or by containment (a sentence gained or lost), and
//     never joins two captions whose dates or places disagree: agencies
//     reuse boilerplate ("A general view shows destroyed buildings in
//     Douma") on other days and in other towns, for other photos.
//   - Event: EventIndex.Match links different photos of one incident: same or
//     adjacent day, same place (10 km, or the same name), compatible event
//     types; and the captions of one photo in two languages, whose words
//     differ, when the day, place, agency, photographers and tolls agree.
//
// Every decision returns the similarity and the rule that made it, so a
// person can review and undo the link. BandIndex is the in-memory band
// index a linking pass reads candidates from.
package dedup
