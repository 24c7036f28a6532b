/* main.c -- N-Queens Explorer: parses the command line and hands over to the app. */
#include <stdio.h>

#include "app.h"
#include "args.h"

int main(int argc, char **argv)
{
    app_args args;
    int status = app_args_parse(argc, argv, &args);
    if (status)
        return status;
    if (args.help) {
        fputs(app_usage, stdout);
        return 0;
    }
    return app_run(&args);
}
