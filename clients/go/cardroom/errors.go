package cardroom

import (
	"errors"
	"fmt"
	"strconv"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Error is a call the service refused: the canonical gRPC code, the ErrorInfo reason (an ErrorReason
// name without its prefix, such as "NOT_YOUR_TURN"; empty when the failure did not come from the
// service, such as a dropped connection) and the ErrorInfo metadata (such as "current_version").
type Error struct {
	Code     codes.Code
	Reason   string
	Message  string
	Metadata map[string]string
}

func (e *Error) Error() string {
	reason := e.Reason
	if reason == "" {
		reason = "-"
	}
	return fmt.Sprintf("%s %s: %s", e.Code, reason, e.Message)
}

// StaleVersionError is ABORTED / STALE_VERSION: the action was decided on an older version than
// CurrentVersion. Refresh the view and decide again. errors.As(err, &*Error) matches it too.
type StaleVersionError struct {
	Refusal        *Error
	CurrentVersion int32
}

func (e *StaleVersionError) Error() string { return e.Refusal.Error() }

// Unwrap lets errors.As find the *Error with the code, reason and metadata.
func (e *StaleVersionError) Unwrap() error { return e.Refusal }

// fromRPC turns a failed call's error into *Error or *StaleVersionError, reading the rich status
// (google.rpc.Status with an ErrorInfo detail). Errors that are not gRPC statuses (a cancelled
// context before the call) are returned unchanged.
func fromRPC(err error) error {
	if err == nil {
		return nil
	}
	rpc, ok := status.FromError(err)
	if !ok {
		return err
	}
	typed := &Error{Code: rpc.Code(), Message: rpc.Message(), Metadata: map[string]string{}}
	for _, detail := range rpc.Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			typed.Reason = info.GetReason()
			for key, value := range info.GetMetadata() {
				typed.Metadata[key] = value
			}
			break
		}
	}
	if typed.Code == codes.Aborted && typed.Reason == "STALE_VERSION" {
		current, parseErr := strconv.ParseInt(typed.Metadata["current_version"], 10, 32)
		if parseErr == nil {
			return &StaleVersionError{Refusal: typed, CurrentVersion: int32(current)}
		}
	}
	return typed
}

// IsReason reports whether err is a refusal of the service with the given ErrorInfo reason.
func IsReason(err error, reason string) bool {
	var typed *Error
	return errors.As(err, &typed) && typed.Reason == reason
}
