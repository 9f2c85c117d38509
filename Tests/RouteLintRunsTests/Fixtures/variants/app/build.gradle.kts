android {
    namespace = "com.example.shop"
    defaultConfig {
        applicationId = "com.example.shop"
        minSdk = 31
        manifestPlaceholders["appHost"] = "shop.example.com"
    }
    buildTypes {
        create("beta") {
            applicationIdSuffix = ".beta"
        }
    }
}
