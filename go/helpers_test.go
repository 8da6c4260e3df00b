package kinplace_test

import "errors"

// errorsAs is errors.As (a helper so the vector test reads as the CLI it mirrors).
func errorsAs(err error, target any) bool { return errors.As(err, target) }
