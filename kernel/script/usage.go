package script

// The help of the commands that run scripts: gamelab run and gamelab test.

// RunUsage is gamelab run's help.
const RunUsage = "[--keep-going] FILE…\n\nRuns the scripts in order in one session, printing results to stdout and errors\n" +
	"to stderr; stops at the first error (exit 1) unless --keep-going."

// TestUsage is gamelab test's help.
const TestUsage = "[--update] [DIR|FILE…]\n\nReplays each .gl script (default: the scripts directory) and compares the\n" +
	"transcript with the .golden file beside it, printing a unified diff on any\n" +
	"difference; .ipynb notebooks are compared with their saved outputs.\n--update writes the .golden files instead."
