// CProcessArguments has nothing to call: its one function runs when the program is loaded,
// before main (ProcessArguments.c). This header is what SwiftPM asks of a C target.
