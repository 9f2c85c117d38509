// CProcessStart has nothing to call: its functions run when the program is loaded, before
// main (ProcessArguments.c, MallocSettings.c). This header is what SwiftPM asks of a C target.
